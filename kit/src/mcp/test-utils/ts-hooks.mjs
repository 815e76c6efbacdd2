// Lets Node run the kit's TypeScript sources as they are (type stripping), for the conformance
// suite's client command: an import of `./x.js` loads `./x.ts` when only that exists.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.endsWith('.js') && (specifier.startsWith('.') || specifier.startsWith('/')) && context.parentURL) {
      const url = new URL(specifier, context.parentURL);
      const ts = url.href.replace(/\.js$/, '.ts');
      if (!existsSync(fileURLToPath(url)) && existsSync(fileURLToPath(ts))) return nextResolve(ts, context);
    }
    return nextResolve(specifier, context);
  },
});
