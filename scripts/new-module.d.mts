// Types of new-module.mjs (a plain .mjs file), for its test in apps/server.
export interface ModuleOptions {
  product?: string;
  layer?: 'platform' | 'business';
}
export declare function namesOf(name: string): {
  kebab: string;
  camel: string;
  pascal: string;
  snake: string;
};
export declare function skeleton(
  name: string,
  opts?: ModuleOptions,
): { files: Record<string, string>; keys: string[]; names: ReturnType<typeof namesOf> };
export declare function writeModule(root: string, name: string, opts?: ModuleOptions): string[];
