//! The one CPU-time reader: how much CPU time this thread, or the whole process, has used, from
//! Linux's `/proc`; `None` elsewhere. Rates per CPU second stay comparable when the machine's
//! cores are shared with other work, where wall-clock rates drop. std only.

use std::time::{Duration, Instant};

/// Whose CPU time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CpuScope {
    /// The calling thread, in nanoseconds (`/proc/thread-self/schedstat`, first field): for
    /// one-thread measurements, too short to count in clock ticks.
    Thread,
    /// Every thread of the process, those that have ended included (`/proc/self/stat`, user
    /// plus system time in clock ticks of 10 ms): for a search that runs threads of its own.
    Process,
}

/// CPU time used so far by `scope`, or `None` where `/proc` does not tell.
pub fn cpu_time(scope: CpuScope) -> Option<Duration> {
    match scope {
        CpuScope::Thread => {
            let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
            let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
            Some(Duration::from_nanos(ns))
        }
        CpuScope::Process => {
            let text = std::fs::read_to_string("/proc/self/stat").ok()?;
            // The fields after the parenthesised command name (which may hold spaces); utime
            // and stime are fields 14 and 15 of the line, 12 and 13 of these.
            let rest = text.get(text.rfind(')')? + 2..)?;
            let mut fields = rest.split_whitespace().skip(11);
            let utime: u64 = fields.next()?.parse().ok()?;
            let stime: u64 = fields.next()?.parse().ok()?;
            // USER_HZ is 100 on every Linux architecture.
            Some(Duration::from_millis((utime + stime) * 10))
        }
    }
}

/// Wall and CPU time since it was started.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    scope: CpuScope,
    wall: Instant,
    cpu: Option<Duration>,
}

impl Stopwatch {
    /// Starts counting wall time and `scope`'s CPU time.
    pub fn start(scope: CpuScope) -> Stopwatch {
        Stopwatch {
            scope,
            cpu: cpu_time(scope),
            wall: Instant::now(),
        }
    }

    /// Wall seconds since the start.
    pub fn wall_secs(&self) -> f64 {
        self.wall.elapsed().as_secs_f64()
    }

    /// CPU seconds since the start, when `/proc` told both times.
    pub fn cpu_secs(&self) -> Option<f64> {
        let now = cpu_time(self.scope)?;
        Some(now.checked_sub(self.cpu?)?.as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Burns CPU until `scope`'s clock has moved by at least `at_least`, or gives up.
    fn spin(scope: CpuScope, at_least: Duration) -> Option<Duration> {
        let start = cpu_time(scope)?;
        let mut x = 0u64;
        for _ in 0..2000 {
            for i in 0..100_000u64 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
            }
            let moved = cpu_time(scope)? - start;
            if moved >= at_least {
                return Some(moved);
            }
        }
        None
    }

    #[test]
    fn both_clocks_count_work_on_linux() {
        if cfg!(not(target_os = "linux")) {
            assert_eq!(cpu_time(CpuScope::Thread), None);
            return;
        }
        let thread = spin(CpuScope::Thread, Duration::from_millis(5));
        assert!(thread.is_some(), "the thread clock did not move");
        // The process clock ticks every 10 ms and includes the work of ended threads.
        let watch = Stopwatch::start(CpuScope::Process);
        std::thread::spawn(|| spin(CpuScope::Thread, Duration::from_millis(30)))
            .join()
            .unwrap();
        let cpu = watch.cpu_secs().expect("the process clock is readable");
        assert!(
            cpu >= 0.02,
            "process CPU {cpu} s after 30 ms of an ended thread"
        );
    }
}
