export declare function createPageEntryConfig(options: {
  directory: string;
  mode: 'development' | 'production';
  name: string;
}): import('@rspack/core').Configuration;
