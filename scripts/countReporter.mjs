// A node:test reporter that writes only the counts of one run ({ passed, failed, skipped }) as JSON, so that
// scripts/test.mjs can close with one line for all its layers.
export default async function* countReporter(source) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.details?.type === 'suite') continue;
    if (event.type === 'test:fail') counts.failed++;
    else if (event.data.skip || event.data.todo) counts.skipped++;
    else counts.passed++;
  }
  yield JSON.stringify(counts);
}
