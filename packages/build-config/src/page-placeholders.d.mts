export declare const pagePlaceholders: {
  assetBase: string;
  siteOrigin: string;
  language: string;
  title: string;
  body: string;
  data: string;
};
export declare const staticPagesLocation: { directory: string; manifest: string };
