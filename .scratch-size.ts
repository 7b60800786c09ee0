import { routeSize } from './tests/bench/sizes.ts';
const s = routeSize('/work/wt-prices/dist'); console.log(s.gzip, (s.gzip / 1024).toFixed(2), s.files.map((f) => `${f.file} ${f.gzip}`).join(', '));
