//! Go playouts per second: uniformly random moves that never fill one's own eye,
//! from the empty board to the end (two passes), scored by area. Criterion reports
//! the throughput in playouts per second (elements/s) for 9x9 and 19x19.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ply::game::go::playout::{PlayoutRng, playout_from};
use ply::game::go::{DEFAULT_KOMI_HALVES, Go};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("go_playouts");
    for size in [9, 19] {
        let game = Go::new(size, DEFAULT_KOMI_HALVES);
        let mut rng = PlayoutRng::new(1);
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("{size}x{size}"), |b| {
            b.iter(|| {
                let result = playout_from(&game, &mut rng, false);
                result.board.area()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
