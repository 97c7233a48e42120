import { allowedRedirectHosts } from '@sprout/core';

/** What the browser may know of the configuration; rendered into the page at request time (no rebuild needed). */
export interface PublicConfig {
  webUrl: string;
  apiUrl: string;
  usageUrl: string;
  supportEmail: string;
  appStoreUrl: string;
  playStoreUrl: string;
  docsUrl: string;
  blogUrl: string;
  loginEndpoint: string;
  logoutEndpoint: string;
  redirectHosts: string[];
}

export function toPublicConfig(c: {
  webUrl: string;
  apiUrl: string;
  usageUrl: string;
  supportEmail: string;
  appStoreUrl: string;
  playStoreUrl: string;
  docsUrl: string;
  blogUrl: string;
  loginEndpoint: string;
  logoutEndpoint: string;
  mainSiteHost?: string;
  productHost?: string;
}): PublicConfig {
  return {
    webUrl: c.webUrl,
    apiUrl: c.apiUrl,
    usageUrl: c.usageUrl,
    supportEmail: c.supportEmail,
    appStoreUrl: c.appStoreUrl,
    playStoreUrl: c.playStoreUrl,
    docsUrl: c.docsUrl,
    blogUrl: c.blogUrl,
    loginEndpoint: c.loginEndpoint,
    logoutEndpoint: c.logoutEndpoint,
    redirectHosts: allowedRedirectHosts({ mainSiteHost: c.mainSiteHost, productHost: c.productHost }),
  };
}
