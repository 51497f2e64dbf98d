// Jest's default module system, CommonJS: ts-jest compiles each test to `require` calls, and Jest
// resolves 'chainbill' and 'chainbill/testing' through the package's `exports` → `require`.
/** @type {import('jest').Config} */
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.test.ts'],
};
