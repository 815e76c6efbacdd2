/** The parts of a tsconfig.json the starter reads and writes. */
export interface TsConfig {
  compilerOptions?: Record<string, unknown>;
  [field: string]: unknown;
}

/** The oldest target the kit's types need (`Array.prototype.at`, `Object.hasOwn`, `Error.cause`). */
export const KIT_TARGET = 'es2022';

const OLDER = /^es(3|5|6|2015|2016|2017|2018|2019|2020|2021)$/i;

/**
 * The project's tsconfig made ready for the kit: a target of at least ES2022 (`firebase init`
 * writes ES2017) and Node's module resolution, which reads the kit's `exports`. Anything newer
 * or already there is kept.
 */
export function adoptTsConfig(config: TsConfig): TsConfig {
  const options = { ...config.compilerOptions };
  const target = options.target;
  if (typeof target !== 'string' || OLDER.test(target)) options.target = KIT_TARGET;
  if (typeof options.module !== 'string' || !/^node(16|18|20|next)$/i.test(options.module)) options.module = 'NodeNext';
  if (typeof options.moduleResolution === 'string' && !/^node(16|next)$/i.test(options.moduleResolution))
    options.moduleResolution = 'nodenext';
  return { ...config, compilerOptions: options };
}
