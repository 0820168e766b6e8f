export declare const pagePlaceholders: {
  assetBase: string;
  language: string;
  title: string;
  body: string;
  data: string;
};
export declare function createPageEntryConfig(options: {
  directory: string;
  mode: 'development' | 'production';
  name: string;
}): import('@rspack/core').Configuration;
