export declare const ROOT: string;
export declare const MODULES_DIR: string;
export declare function readModuleLayers(
  dir?: string,
): { name: string; layer: 'platform' | 'business' | null }[];
