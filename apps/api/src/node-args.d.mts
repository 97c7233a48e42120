export declare const DEFAULT_API_MAX_HEAP_MB: number;
export declare function apiNodeArgs(env?: Record<string, string | undefined>): string[];
