/** Console helpers for the demo: a heading per step, indented lines under it. */
export const step = (title: string): void => console.log(`\n== ${title}`);
export const show = (line: string): void => console.log(`   ${line}`);
