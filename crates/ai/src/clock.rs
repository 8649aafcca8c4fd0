//! The CPU time a thread has used: what a search's `cpu=MS` budget counts, and what a
//! tournament reports a bot actually got a move. A search measured by the wall clock on a
//! loaded machine gets less than its time's worth of work; one measured by its thread's
//! CPU time does the same work whatever the load (a little less where other processes
//! share its core's caches).

use std::time::Duration;

/// The CPU time the calling thread has used so far (`CLOCK_THREAD_CPUTIME_ID`). Where
/// the platform has no such clock (not unix), the wall time since the first call.
pub fn thread_cpu() -> Duration {
    imp::thread_cpu()
}

#[cfg(unix)]
mod imp {
    use std::time::Duration;

    pub fn thread_cpu() -> Duration {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid, writable timespec, and every unix has this clock
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
        if rc != 0 {
            return Duration::ZERO;
        }
        Duration::new(
            t.tv_sec.max(0) as u64,
            t.tv_nsec.clamp(0, 999_999_999) as u32,
        )
    }
}

#[cfg(not(unix))]
mod imp {
    use std::sync::OnceLock;
    use std::time::{Duration, Instant};

    pub fn thread_cpu() -> Duration {
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::thread_cpu;

    #[test]
    fn the_clock_counts_work_not_sleep() {
        let t0 = thread_cpu();
        std::thread::sleep(std::time::Duration::from_millis(30));
        let slept = thread_cpu() - t0;
        let mut x = 0u64;
        let t1 = thread_cpu();
        while thread_cpu() - t1 < std::time::Duration::from_millis(20) {
            x = x.wrapping_add(std::hint::black_box(1));
        }
        assert!(x > 0);
        if cfg!(unix) {
            assert!(slept < std::time::Duration::from_millis(15), "{slept:?}");
        }
    }
}
