// utils/js/report-screenshots.js DIR OUT - screenshots of the views of the
// report --html page in DIR (opened from disk in headless chromium through
// chromium.js) into OUT/report-*.png, as docs/UserGuide.md shows them:
// the index, the hottest function with its second path selected, the flame
// graph by the first summed metric with a search, and the concentration
// tables. utils/report-screenshots.sh makes DIR from examples/calc.c.
'use strict';
const path = require('path');
const { launch, openPage } = require('./chromium.js');

const dir = path.resolve(process.argv[2]);
const out = path.resolve(process.argv[3]);
const url = 'file://' + dir + '/index.html';

async function shot(page, name) {
  const file = path.join(out, 'report-' + name + '.png');
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

(async () => {
  const { context, close } = await launch();
  const errors = [];
  try {
    const view = async (hash) => {
      const opened = await openPage(context, url + hash);
      await opened.page.setViewportSize({ width: 1280, height: 760 });
      errors.push(...opened.errors);
      return opened.page;
    };
    await shot(await view('#functions'), 'index');

    const fn = await view('#function=0');
    await fn.click('tr.path-row >> nth=1');
    await shot(fn, 'function');

    const flame = await view('#contexts');
    const metrics = await flame.$$eval('#flame-metric option', (os) => os.map((o) => o.value));
    if (metrics.length > 1) await flame.selectOption('#flame-metric', metrics[1]);
    await flame.fill('#flame-search', process.env.PATHPROF_SCREENSHOT_SEARCH || 'nextToken');
    await shot(flame, 'flamegraph');

    await shot(await view('#metrics'), 'metrics');
  } finally {
    await close();
  }
  if (errors.length) {
    console.error('report-screenshots.js: console errors:\n  ' + errors.join('\n  '));
    process.exit(1);
  }
})().catch((e) => { console.error('report-screenshots.js: ' + e); process.exit(1); });
