// Imported first by the deploy manifest (index.ts), for its side effect: Node's compile cache is
// on before anything else is compiled — firebase-functions and the firebase-admin modules it loads
// at import, then what a first call loads — when the deploy's build step shipped one.
import { useCompileCache } from './compile-cache.js';

useCompileCache();
