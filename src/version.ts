/** The package version, sent in the `User-Agent` header. Kept in step with package.json by a test. */
export const VERSION: string = '0.1.0';
