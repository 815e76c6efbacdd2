export { lazy } from './lazy.js';
