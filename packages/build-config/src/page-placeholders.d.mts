export declare const pagePlaceholders: {
  assetBase: string;
  language: string;
  title: string;
  body: string;
  data: string;
};
