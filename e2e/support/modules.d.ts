/** oidc-provider (a dev dependency, used by the third-party login flow) ships no types. */
declare module 'oidc-provider'
