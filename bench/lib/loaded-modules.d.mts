/** The modules a traced process loaded (bench/lib/loaded-modules.mjs). */
export function loadedModules(traceFile: string): { path: string; size: number }[];
