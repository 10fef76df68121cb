/** oidc-provider (a dev dependency, used by the third-party login tests) ships no types. */
declare module 'oidc-provider'
