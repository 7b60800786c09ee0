import { routeSize } from './sizes.ts';
const r = routeSize(process.argv[2] ?? 'dist');
console.log((r.gzip / 1024).toFixed(2), r.missing);
for (const f of r.files.sort((a, b) => b.gzip - a.gzip).slice(0, 6)) console.log(f.file, (f.gzip / 1024).toFixed(2));
