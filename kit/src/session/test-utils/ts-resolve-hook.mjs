// Lets Node run this repo's TypeScript directly (Node 22's type stripping): our imports name
// `./x.js`, which exists only after a build, so a missing relative `.js` resolves to its `.ts`.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!specifier.startsWith('.') || !specifier.endsWith('.js')) throw error;
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
  },
});
