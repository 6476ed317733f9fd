// Types of scripts/deno-install.mjs (plain JavaScript so that it runs at install time without tsx).
export declare const DENO_PROJECTS: string[];
export declare function entryPoints(dir: string, prefix?: string): string[];
export declare function denoInstallEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
