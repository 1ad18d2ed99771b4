// V8 settings for the server process, applied before anything else is loaded.
//
// Allocation-site pretenuring off: V8 may decide, from what survived a garbage collection during
// start-up or an idle moment, to allocate the objects of a request's hot path straight in the old
// generation. Every request's short-lived objects then fill the old space, each young collection takes
// 5–15 ms instead of under 1, and cache hits on PGlite drop from about 45,000 to 29,000 req/s with p99
// going from 2 to 7 ms (measured: `npm run bench:reads`, the API idle for 8 s after start-up, then loaded).
import v8 from 'node:v8';

v8.setFlagsFromString('--no-allocation-site-pretenuring');
