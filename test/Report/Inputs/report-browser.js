// report-browser.js CHROMIUM_JS DIR [missing|pages] - drives the page of report --html in
// headless chromium (utils/js/chromium.js) as a person would, from disk,
// and prints what it sees for html-browser.test to check: the console
// errors, the index and its sorting, the lines a click on a path row
// highlights, the flame graph's zoom, search and metric switch. With
// "missing", the function view of a report whose source is missing; with
// "pages", the index of a profile of more functions than a page of rows;
// with "sampled", the intervals and samples of a sampled metric's tables.
'use strict';
const path = require('path');
const { launch, openPage } = require(path.resolve(process.argv[2]));

const dir = path.resolve(process.argv[3]);
const url = 'file://' + dir + '/index.html';

async function highlighted(page) {
  return page.$$eval('tr.src-line.hl', (rows) =>
    rows.map((r) => r.dataset.line + '@' + r.querySelector('td.steps').textContent).join(' '));
}

async function frames(page) {
  return page.$$eval('#flame g.frame', (gs) => gs.map((g) => ({
    id: g.dataset.frame,
    name: g.dataset.name,
    width: Number(g.querySelector('rect').getAttribute('width')),
    value: Number(g.dataset.value),
    classes: g.getAttribute('class'),
  })));
}

async function svgWidth(page) {
  return page.$eval('#flame-svg', (s) => Number(s.getAttribute('width')));
}

async function functionsOrder(page) {
  return page.$$eval('#function-table tbody tr td.name', (tds) => tds.map((t) => t.textContent).join(' '));
}

async function mainView(context) {
  const { page, errors } = await openPage(context, url);

  // The index: show's order, then sorted by a column.
  console.log('index: ' + await functionsOrder(page));
  await page.click('th[data-sort="entry"]');
  console.log('by entries: ' + await functionsOrder(page));
  await page.click('th[data-sort="metric:tsc"]');
  const tsc = await page.$$eval('#function-table tbody tr', (rows) =>
    rows.map((r) => Number(r.lastChild.textContent.replace(/,/g, ''))));
  console.log('by tsc: ' + (tsc.every((v, i) => i === 0 || tsc[i - 1] >= v) ? 'descending' : 'unsorted ' + tsc));

  // A function: its hottest path is highlighted, each row click another.
  await page.click('#function-table a:text-is("classify")');
  await page.waitForSelector('tr.path-row.selected');
  console.log('function: ' + await page.textContent('#function-name'));
  const ids = await page.$$eval('tr.path-row', (rows) => rows.map((r) => r.dataset.pathId));
  console.log('selected: ' + await page.$eval('tr.path-row.selected', (r) => r.dataset.pathId) +
              ' lines ' + await highlighted(page));
  for (const id of ids.slice(1).concat(ids[0])) {
    await page.click('tr.path-row[data-path-id="' + id + '"]');
    console.log('click path ' + id + ': selected ' +
                await page.$eval('tr.path-row.selected', (r) => r.dataset.pathId) +
                ' lines ' + await highlighted(page));
  }
  console.log('hash: ' + await page.evaluate(() => location.hash));

  // The flame graph: zoom, search, metric.
  await page.click('#tab-contexts');
  await page.waitForSelector('#flame-svg');
  const width = await svgWidth(page);
  let fs = await frames(page);
  console.log('frames: ' + fs.map((f) => f.name).join(' '));
  // Frames by id: the order of siblings follows the metric.
  const widths = (list) => Object.fromEntries(list.map((f) => [f.id, f.width]));
  const countWidths = widths(fs);
  const work = fs.find((f) => f.name === 'work').id;
  const emit = fs.find((f) => f.name === 'emit').id;
  await page.click('#flame g.frame[data-name="work"] >> nth=0');
  fs = await frames(page);
  console.log('zoomed: ' + fs.map((f) => f.name + (f.width === width ? '(full)' : '') +
                                   (f.classes.includes('ancestor') ? '(caller)' : '')).join(' '));
  await page.click('#flame g.frame[data-name="main"]');
  console.log('zoomed out to main: ' + (await frames(page)).map((f) => f.name + (f.width === width ? '(full)' : '')).join(' '));
  await page.click('#flame-reset');
  console.log('reset: ' + (await frames(page)).length + ' frames');

  await page.fill('#flame-search', 'WORK');
  console.log('search: ' + (await frames(page)).filter((f) => f.classes.includes('match')).map((f) => f.name).join(' '));
  console.log('status: ' + await page.textContent('#flame-matches'));
  await page.fill('#flame-search', 'nothing');
  console.log('status: ' + await page.textContent('#flame-matches'));
  await page.fill('#flame-search', '');

  await page.selectOption('#flame-metric', 'tsc');
  fs = await frames(page);
  const tscWidths = widths(fs);
  console.log('metric: ' + await page.$eval('#flame-svg', (s) => s.dataset.metric));
  // The same frames, but for those the metric makes narrower than the half
  // pixel the flame graph draws: a frame whose time is a tiny share (classify
  // when emit's printing path is slowed by a loaded machine) is left out by
  // design. The frame's share comes from the page's own data, numbered as the
  // page numbers frames (the root "all" first, then each root's tree in
  // preorder).
  const [tscValues, tscTotal] = await page.$eval('#pathprof-data', (d) => {
    const tsc = (n) => ((n.metrics || {}).tsc || {}).inclusive || 0;
    const values = [0];
    const walk = (n) => {
      values.push(tsc(n));
      n.children.forEach(walk);
    };
    const roots = JSON.parse(d.textContent).profile.context.roots;
    roots.forEach(walk);
    return [values, roots.reduce((s, r) => s + tsc(r), 0)];
  });
  const missing = Object.keys(countWidths).filter((id) => !(id in tscWidths));
  const extra = Object.keys(tscWidths).filter((id) => !(id in countWidths));
  // (The drawn frames' values check that numbering.)
  console.log('same frames: ' + (extra.length === 0 &&
                                 fs.every((f) => f.id === '0' || f.value === tscValues[f.id]) &&
                                 missing.every((id) => tscValues[id] * width / tscTotal < 0.5)));
  console.log('emit wider under tsc: ' + (tscWidths[emit] > 10 * countWidths[emit]));
  console.log('work narrower under tsc: ' + (tscWidths[work] < countWidths[work] - 10));
  await page.selectOption('#flame-metric', '');
  console.log('back to counts: ' + (JSON.stringify(widths(await frames(page))) === JSON.stringify(countWidths)));

  // The concentration tables.
  await page.click('#tab-metrics');
  await page.waitForSelector('section.concentration');
  console.log('tables: ' + await page.$$eval('section.concentration table', (ts) => ts.map((t) => t.id).join(' ')));
  console.log('console errors: ' + errors.length);
  for (const e of errors) console.log('  ' + e);
}

async function missingView(context) {
  const { page, errors } = await openPage(context, url + '#function=2');
  console.log('function: ' + await page.textContent('#function-name'));
  console.log('missing: ' + await page.textContent('#source-missing'));
  console.log('source lines: ' + (await page.$$('tr.src-line')).length);
  await page.click('tr.path-row[data-path-id="1"]');
  console.log('steps: ' + await page.$$eval('#path-steps li', (li) => li.map((l) => l.textContent).join(' | ')));
  console.log('console errors: ' + errors.length);
  for (const e of errors) console.log('  ' + e);
}

// The index of a profile of more functions than a page of rows: what it
// draws at first, after each button, and after a sort.
async function pagesView(context) {
  const { page, errors } = await openPage(context, url);
  const rows = async (what) => {
    const names = await page.$$eval('#function-table tbody tr', (trs) =>
      trs.map((r) => r.firstChild.textContent + ':' + r.querySelector('td.name').textContent));
    const more = await page.textContent('#function-more');
    console.log(what + ': ' + names.length + ' rows, ' + names[0] + ' ... ' +
                names[names.length - 1] + ' | ' + (more || '(no more)'));
  };
  await rows('opened');
  await page.click('#function-next');
  await rows('next');
  await page.click('th[data-sort="count"]');
  await rows('by path executions');
  await page.click('th[data-sort="count"]');
  await rows('ascending');
  await page.click('#function-all');
  await rows('all');
  await page.click('th[data-sort="count"]');
  await rows('descending');
  console.log('console errors: ' + errors.length);
  for (const e of errors) console.log('  ' + e);
}

// A profile of sampled metrics: the headers of the hot-path tables and, per
// row, the path, its count, the shape of its interval (the values are times)
// and its samples.
async function sampledView(context) {
  const { page, errors } = await openPage(context, url + '#metrics');
  await page.waitForSelector('section.concentration');
  const rows = (table) => page.$$eval(table + ' tr', (trs) => trs.map((tr) => {
    const cells = [...tr.children].map((c) => c.textContent);
    return cells.map((c) => /^\[[0-9,]+, [0-9,]+\]$/.test(c) ? '[low, high]' :
                            /^\[[0-9,]+, \?\]$/.test(c) ? '[low, ?]' : c).join(' | ');
  }));
  for (const r of await rows('#hot-paths-tsc')) console.log('hot: ' + r);
  console.log('notes: ' + await page.$$eval('section.concentration p.note', (ps) =>
    ps.map((p) => p.textContent).filter((t) => t.startsWith('*')).join(' / ')));
  await page.goto(url + '#function=0');
  await page.waitForSelector('tr.path-row');
  console.log('function: ' + await page.textContent('#function-name'));
  for (const r of await rows('#path-table')) console.log('path: ' + r);
  console.log('console errors: ' + errors.length);
  for (const e of errors) console.log('  ' + e);
}

(async () => {
  const { context, close } = await launch();
  try {
    if (process.argv[4] === 'missing') await missingView(context);
    else if (process.argv[4] === 'pages') await pagesView(context);
    else if (process.argv[4] === 'sampled') await sampledView(context);
    else await mainView(context);
  } finally {
    await close();
  }
})().catch((e) => { console.error('report-browser.js: ' + e); process.exit(1); });
