// utils/js/report-timing.js DIR RUNS - how long headless chromium takes to
// open the report --html page in DIR from disk and draw each view (the
// index, the first function, the flame graph), median of RUNS openings, in
// milliseconds: one JSON line for utils/report-scale.py.
'use strict';
const path = require('path');
const { launch, openPage } = require('./chromium.js');

const url = 'file://' + path.resolve(process.argv[2]) + '/index.html';
const runs = Number(process.argv[3] || 3);
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

(async () => {
  const { context, close } = await launch();
  const times = { index: [], function: [], flamegraph: [] };
  const errors = [];
  try {
    for (let i = 0; i < runs; ++i)
      for (const [view, hash, ready] of [['index', '#functions', '#function-table'],
                                         ['function', '#function=0', 'tr.path-row.selected'],
                                         ['flamegraph', '#contexts', '#flame-svg']]) {
        const start = Date.now();
        const opened = await openPage(context, url + hash);
        await opened.page.waitForSelector(ready);
        times[view].push(Date.now() - start);
        errors.push(...opened.errors);
        await opened.page.close();
      }
  } finally {
    await close();
  }
  if (errors.length) {
    console.error('report-timing.js: console errors:\n  ' + errors.join('\n  '));
    process.exit(1);
  }
  console.log(JSON.stringify(Object.fromEntries(
      Object.entries(times).map(([k, v]) => [k, median(v)]))));
})().catch((e) => { console.error('report-timing.js: ' + e); process.exit(1); });
