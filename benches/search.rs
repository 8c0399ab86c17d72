//! Criterion benchmarks over the same fixed suite as `ply bench`, so that speed is
//! measured with statistics rather than asserted in tests.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ply::bench::{SUITE, run_case};

fn suite(c: &mut Criterion) {
    let mut group = c.benchmark_group("suite");
    group.sample_size(10);
    for &case in SUITE {
        let nodes = run_case(case).expect("bench cases are valid").nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(case.name, |b| {
            b.iter(|| run_case(case).expect("bench cases are valid"))
        });
    }
    group.finish();
}

criterion_group!(benches, suite);
criterion_main!(benches);
