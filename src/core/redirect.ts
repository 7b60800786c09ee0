/**
 * Spec §5: a redirect path is remembered only if it is a local absolute path of
 * letters, digits, @ - % _ ~ and slashes, with an optional query and hash.
 * '//host' (protocol-relative) is not local.
 */
const REDIRECT = /^\/(?!\/)[A-Za-z0-9@\-%_~/]*(\?[^#\s]*)?(#\S*)?$/;

export const isValidRedirectPath = (path: unknown): path is string => typeof path === 'string' && path.length <= 2000 && REDIRECT.test(path);
