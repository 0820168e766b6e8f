export declare function createPageEntryConfig(options: {
  directory: string;
  mode: 'development' | 'production';
  name: string;
  /** The page's own plugins, e.g. a module replaced by a lighter one for this page only. */
  plugins?: import('@rspack/core').RspackPluginInstance[];
  /** The most a production build may make the page load at first (scripts, stylesheet), in bytes brotli. */
  brotliBudget?: number;
}): import('@rspack/core').Configuration;
/** Fails a production build when what the entry `name` loads first is more than `bytes` Brotli. */
export declare function brotliBudget(name: string, bytes: number): import('@rspack/core').RspackPluginInstance;
