export { within } from './within.js';
