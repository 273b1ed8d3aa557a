// speedscope-check.js - Open a folded-stacks file in speedscope (the npm
// package's release build, build/js) in headless Chromium, as a user does
// through its file input, and print what it shows, for FileCheck:
//
//   node speedscope-check.js FILE [--screenshot PNG]
//
// Prints the page title (speedscope puts the loaded file's name in it), the
// rows of the Sandwich view's table (total, self, name per function: what
// speedscope made of the stacks and their values), and the console errors
// and uncaught exceptions of the page ("console errors: 0" when none). With
// --screenshot, saves the Left Heavy flame graph (1000 x 360 pixels) first.
'use strict';
const path = require('path');
const { launch, openPage } = require(
    path.join(__dirname, '../../../utils/js/chromium.js'));

async function main() {
  const file = process.argv[2];
  const shot = process.argv.indexOf('--screenshot');
  const { context, close } = await launch();
  try {
    const index = require.resolve('speedscope/dist/release/index.html');
    const { page, errors } = await openPage(context, 'file://' + index);
    await page.setViewportSize({ width: 1000, height: 360 });
    await page.waitForSelector('input[type=file]', { state: 'attached' });
    await page.setInputFiles('input[type=file]', file);
    await page.waitForFunction(() => document.title.endsWith(' - speedscope'),
                               null, { timeout: 20000 });
    console.log('title: ' + await page.title());
    if (shot !== -1) {
      await page.getByText('Left Heavy').click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: process.argv[shot + 1] });
    }
    await page.getByText('Sandwich').click();
    await page.waitForSelector('tr', { timeout: 20000 });
    const rows = await page.$$eval('tr', (trs) =>
        trs.map((t) => t.innerText.replace(/\s+/g, ' ').trim()));
    for (const r of rows)
      console.log('row: ' + r);
    console.log('console errors: ' + errors.length);
    for (const e of errors)
      console.log('error: ' + e);
  } finally {
    await close();
  }
}

main().catch((e) => {
  console.error('speedscope-check: ' + e);
  process.exit(1);
});
