//! `rankscope` — the command-line face of the Rankscope simulator.

mod commands;
mod memory;
mod output;
mod run_flags;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use rankscope_core::explore::Space;
use rankscope_core::workloads::{WorkloadKind, WorkloadParams};

#[derive(Parser)]
#[command(
    name = "rankscope",
    version,
    about = "Watch MPI ranks talk on machines that shaped parallel computing."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the built-in machine profiles, or check a profile file.
    Profiles {
        /// Print JSON (the same data the web app renders) instead of a table.
        #[arg(long)]
        json: bool,
        /// Load and check this profile file instead of listing the built-in ones.
        #[arg(long, value_name = "FILE")]
        check: Option<PathBuf>,
        /// Print every parameter of one profile (id or .toml file) with its source.
        #[arg(long, value_name = "PROFILE")]
        show: Option<String>,
    },
    /// Run an MPI C program (or a native workload with --workload) on a machine.
    Run {
        /// The program's files (e.g. examples/ring.c, or main.c util.c util.h input.txt): one or
        /// more `.c` files, each compiled on its own and linked together; `.h` headers their
        /// `#include "x.h"` reads; any other file is a data file every rank can `fopen` (each
        /// rank its own copy). Files are named by their base name (`data/in.txt` is `in.txt`).
        #[arg(required_unless_present = "workload", conflicts_with = "workload", num_args = 1..)]
        file: Vec<PathBuf>,
        /// Save the files the program writes (`fopen(…, "w")`) under this directory, one folder
        /// per rank (DIR/rank0/out.txt, …); without it they are only listed (not with --json).
        #[arg(long, value_name = "DIR", conflicts_with = "workload")]
        out: Option<PathBuf>,
        /// Define a macro before every file, as a C compiler's `-D` does: `-D NAME` (as 1),
        /// `-D NAME=VALUE`, `-D 'F(x)=BODY'`; may repeat (e.g. MPICH's tests' `-DUSE_MTEST_NBC`).
        #[arg(short = 'D', long = "define", value_name = "NAME[=VALUE]", value_parser = rankscope_core::lang::define_flag, conflicts_with = "workload")]
        define: Vec<String>,
        /// A native workload instead of a file: bcast, gather, pingpong, ring, atomics, deadlock.
        #[arg(long, short)]
        workload: Option<WorkloadKind>,
        /// Number of ranks.
        #[arg(long, short = 'n', default_value_t = 4)]
        ranks: u32,
        /// Machine profile id, or a .toml profile file.
        #[arg(long, short, default_value = "ib-qdr")]
        profile: String,
        /// Message size in bytes.
        #[arg(long, default_value_t = 8)]
        bytes: u64,
        /// Repetitions (ping-pong round trips, ring laps).
        #[arg(long, default_value_t = 1)]
        iterations: u32,
        /// Write a Chrome trace-event JSON file (open it in Perfetto).
        #[arg(long, value_name = "FILE")]
        trace: Option<PathBuf>,
        /// Keep only the trace hash, not the records (for millions of ranks).
        #[arg(long)]
        hash_only: bool,
        /// The run options (`--engine`, `--lock`, `--eager-limit`, `--fcp`, `--pvm-route`,
        /// `--max-events`, `--max-ops`, `--memory`): core's `run_config::OPTIONS`.
        #[command(flatten)]
        options: run_flags::RunFlags,
        /// You are the network: where messages from several ranks race to one rank, land the
        /// one from the rank listed for that choice point first (comma-separated, in the order
        /// the choice points come; past the list, the machine model's order). `--network ""`
        /// lists the choice points without changing anything.
        #[arg(long, value_name = "RANKS", value_parser = parse_choices, conflicts_with = "workload")]
        network: Option<Choices>,
        /// Every match MPI allows: hold each MPI_ANY_SOURCE receive until every rank waits, then
        /// let it take the message of the rank listed for that match choice point
        /// (comma-separated, in order; past the list, the first sender's). Replays a witness
        /// of `rankscope explore` (with `--network` too, one of `explore --space all`);
        /// `--matches ""` lists the match choice points.
        #[arg(long, value_name = "RANKS", value_parser = parse_choices, conflicts_with = "workload")]
        matches: Option<Choices>,
        /// Print a JSON summary (with the trace hash) instead of text.
        #[arg(long)]
        json: bool,
        /// Arguments after `--` go to every rank's `main(int argc, char *argv[])`: argv[0] is
        /// the name of the file with `main` without `.c`, then these (e.g. `rankscope run prog.c -n 4 -- 100 10`).
        #[arg(last = true, value_name = "ARG", conflicts_with = "workload")]
        args: Vec<String>,
    },
    /// Run an MPI C program over every match MPI allows (or every order the machine's network
    /// allows) and list the distinct outcomes, each with a witness that replays it
    /// (`rankscope run … --matches W`, or `--network W`).
    Explore {
        /// The program's files, as for `rankscope run`.
        #[arg(required = true, num_args = 1..)]
        file: Vec<PathBuf>,
        /// Define a macro before every file, as for `rankscope run`.
        #[arg(short = 'D', long = "define", value_name = "NAME[=VALUE]", value_parser = rankscope_core::lang::define_flag)]
        define: Vec<String>,
        /// Number of ranks.
        #[arg(long, short = 'n', default_value_t = 4)]
        ranks: u32,
        /// Machine profile id, or a .toml profile file.
        #[arg(long, short, default_value = "ib-qdr")]
        profile: String,
        /// What to branch on: `matches` (every match MPI allows: each MPI_ANY_SOURCE receive
        /// may take any sender's message once every rank waits), `network` (the machine's
        /// timing, every race of messages in flight to one rank) or `all` (both, with no
        /// reduction: what the reduction of `matches` saves).
        #[arg(long, default_value = "matches", value_parser = ["matches", "network", "all"])]
        space: String,
        /// The most runs to execute; when it ends, the report says how much is left.
        #[arg(long, default_value_t = 1000)]
        budget: usize,
        /// The run options, as for `rankscope run`.
        #[command(flatten)]
        options: run_flags::RunFlags,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Arguments for every rank's `main`, as for `rankscope run`.
        #[arg(last = true, value_name = "ARG")]
        args: Vec<String>,
    },
    /// Recompute a paper's tables and figures on the simulated machines, next to the published
    /// values.
    Reproduce {
        /// The paper's id (e.g. 000), or `all`; an unknown id lists the papers there are.
        paper: String,
        /// Only this part of the paper (e.g. table1, fig8); an unknown name lists its parts.
        part: Option<String>,
        /// Print JSON instead of a table (for `all`: an object keyed by paper).
        #[arg(long)]
        json: bool,
    },
    /// Print every C, MPI and ACP function a program may call, with its signature and how Rankscope
    /// models it (the web's reference page), as Markdown.
    Reference {
        /// Print JSON instead of Markdown.
        #[arg(long)]
        json: bool,
        /// Only the functions and constants whose name, signature or note contains this
        /// (ignoring case), e.g. `MPI_Send` or `eager`.
        filter: Option<String>,
    },
    /// Paper 002's schedules of a many-to-many pattern: Ring (Thakur et al.) or the proposed
    /// delay-inserting one, with conflicts, delays and the LogGP makespan prediction.
    Schedule {
        /// A named pattern: scatter, gather, alltoall, triangle, sf-1 … sf-5 (Table 4's
        /// scale-free neighbour exchange), random:D (density D).
        #[arg(long, required_unless_present = "edges", conflicts_with = "edges")]
        pattern: Option<String>,
        /// An edge list instead: one "p q" per line (p sends once to q); # starts a comment.
        #[arg(long, value_name = "FILE")]
        edges: Option<PathBuf>,
        /// Number of PEs (with --edges: default one more than the largest rank).
        #[arg(short = 'n')]
        n: Option<u32>,
        /// ring (Thakur et al., as paper 002 applies it) or delay (paper 002's Algorithm 1).
        #[arg(long, default_value = "delay")]
        algo: String,
        /// The machine whose [link] gives L, o and G for the makespan prediction.
        #[arg(long, short, default_value = "ethernet-1g")]
        profile: String,
        /// Bytes per message (k); default 63 KiB, the largest eager size of paper 002's cluster.
        #[arg(long, default_value_t = 63 * 1024)]
        bytes: u64,
        /// Narrate every turn of Algorithm 1 (with --algo delay).
        #[arg(long)]
        steps: bool,
        /// Print JSON: n, algo, slots (a target or null for a delay, per PE), conflicts, delays,
        /// makespan_us, the model's parameters and the steps.
        #[arg(long, conflicts_with = "c_program")]
        json: bool,
        /// Print paper 002's Fig. 4 as a C program that runs this schedule (rankscope run
        /// FILE -n N -p ethernet-1g), instead of the table.
        #[arg(long = "c", conflicts_with = "steps")]
        c_program: bool,
        /// δ of the C program's delay slots, in µs (its first argument overrides it).
        #[arg(long, default_value_t = 400)]
        delta_us: u32,
    },
    /// Guided lessons (TOML files under lessons/): check them by running them, or list them.
    Lesson {
        #[command(subcommand)]
        command: LessonCommand,
    },
    /// Measure the engine: event-queue throughput and a broadcast over millions of ranks.
    Bench {
        /// Pop+push operations per hold-model measurement.
        #[arg(long, default_value_t = 20_000_000)]
        hold_ops: u64,
        /// Ranks in the broadcast scale run (LogGOPSim's largest published run: 8,388,608).
        #[arg(long, default_value_t = 8_388_608)]
        bcast_ranks: u32,
        /// Machine profile for the scale run (its node count is scaled up to fit).
        #[arg(long, default_value = "ib-qdr")]
        profile: String,
        /// Loop iterations of the VM benchmark program.
        #[arg(long, default_value_t = 2_000_000)]
        vm_iterations: u32,
        /// Processes in the lock scale run: the K computer's 82,944 nodes × 8 (paper 003).
        #[arg(long, default_value_t = 663_552)]
        lock_ranks: u32,
        /// Processes per node in the lock scale run.
        #[arg(long, default_value_t = 8)]
        lock_ppn: u32,
        /// Run only these benchmarks (comma-separated: hold, vm, real, bcast, lock, explore); default all.
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
    },
}

#[derive(Subcommand)]
enum LessonCommand {
    /// Validate lessons by running them: format errors with line and column, every program
    /// compiles, every position is reached, every prediction's answer is computed (printed with
    /// the values behind it), every task's starting program fails its checks and its solution
    /// passes them.
    Check {
        /// Lesson files (e.g. lessons/*.toml).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// List the lessons in a folder: id, level, steps, title.
    List {
        /// The folder (e.g. lessons).
        #[arg(default_value = "lessons")]
        dir: PathBuf,
    },
}

/// The ranks chosen at the network's choice points (`--network`).
#[derive(Clone, Debug)]
struct Choices(Vec<u32>);

/// `2,1,3` → the ranks chosen at the network's choice points; `""` → none (the model's order).
fn parse_choices(s: &str) -> Result<Choices, String> {
    s.split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            p.parse::<u32>().map_err(|_| {
                format!("\"{p}\" is not a rank: give ranks separated by commas, e.g. 2,1")
            })
        })
        .collect::<Result<_, _>>()
        .map(Choices)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Profiles { json, check, show } => {
            commands::profiles::run(json, check, show).map(|()| 0)
        }
        Command::Run {
            file,
            out,
            define,
            workload,
            ranks,
            profile,
            bytes,
            iterations,
            trace,
            hash_only,
            options,
            network,
            matches,
            json,
            args,
        } => commands::run::run(commands::run::RunOptions {
            target: match (file, workload) {
                (f, _) if !f.is_empty() => commands::run::Target::File(f, args, out, define),
                (_, Some(w)) => {
                    commands::run::Target::Workload(w, WorkloadParams { bytes, iterations })
                }
                (_, None) => unreachable!("clap requires a file or --workload"),
            },
            ranks,
            profile,
            trace,
            hash_only,
            config: options.0,
            network: network.map(|c| c.0),
            matches: matches.map(|c| c.0),
            json,
        }),
        Command::Explore {
            file,
            define,
            ranks,
            profile,
            space,
            budget,
            options,
            json,
            args,
        } => commands::explore::run(commands::explore::ExploreOptions {
            files: file,
            defines: define,
            args,
            ranks,
            profile,
            space: match space.as_str() {
                "network" => Space::Network,
                "all" => Space::All,
                _ => Space::Matches,
            },
            budget,
            config: options.0,
            json,
        })
        .map(|()| 0),
        Command::Reproduce { paper, part, json } => {
            commands::reproduce::run(&paper, part.as_deref(), json).map(|()| 0)
        }
        Command::Schedule {
            pattern,
            edges,
            n,
            algo,
            profile,
            bytes,
            steps,
            json,
            c_program,
            delta_us,
        } => commands::schedule::run(commands::schedule::ScheduleOptions {
            source: match (pattern, edges) {
                (_, Some(file)) => commands::schedule::Source::Edges(file, n),
                (Some(name), None) => commands::schedule::Source::Named(name, n.unwrap_or(64)),
                (None, None) => unreachable!("clap requires a pattern or --edges"),
            },
            algo,
            profile,
            bytes,
            steps,
            json,
            c_program,
            delta_us,
        })
        .map(|()| 0),
        Command::Lesson { command } => match command {
            LessonCommand::Check { files } => commands::lesson::check(&files),
            LessonCommand::List { dir } => commands::lesson::list(&dir),
        }
        .map(|()| 0),
        Command::Reference { json, filter } => {
            commands::reference::run(json, filter.as_deref()).map(|()| 0)
        }
        Command::Bench {
            hold_ops,
            bcast_ranks,
            profile,
            vm_iterations,
            lock_ranks,
            lock_ppn,
            only,
        } => commands::bench::run(commands::bench::BenchOptions {
            hold_ops,
            bcast_ranks,
            profile,
            vm_iterations,
            lock_ranks,
            lock_ppn,
            only,
        })
        .map(|()| 0),
    };
    match result {
        // A program's own exit status, passed on as mpiexec does.
        Ok(status) => ExitCode::from(status),
        Err(message) => {
            // Diagnostics arrive rendered ("error: … --> file:line:col"); plain messages get the
            // prefix here.
            if message.starts_with("error") {
                eprintln!("{message}");
            } else {
                eprintln!("error: {message}");
            }
            ExitCode::FAILURE
        }
    }
}
