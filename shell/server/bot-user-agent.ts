// Crawlers and link-preview bots get the status without the rendered error page (product-spec §2).
const botPattern =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|quora link preview|showyoupage|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegram|skypeuripreview|discord|preview/i;

export function isBotUserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && botPattern.test(userAgent);
}
