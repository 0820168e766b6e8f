// How Node runs the api, wherever it is started (npm start, the browser tests' own api, benchmarks).
//
// Its memory budget: V8 sizes an unbounded heap by the machine (a young generation of 64 MB and an old
// one allowed to grow to gigabytes on 24 GiB), and gives pages it once took back to the system only
// slowly. An export of 100 000 rows then left the api at about 400 MB resident, most of it garbage
// never collected. A heap limit of 192 MB (the api lives on about 60) makes the collector work to
// it, and a young generation of 16 MB keeps short-lived request objects from taking more: the same
// export peaks at about 180 MB, as fast (bench/database.mjs).
export const apiNodeArguments = ['--max-old-space-size=192', '--max-semi-space-size=8'];
