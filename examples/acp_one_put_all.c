/* One_put_all (paper 001): rank 0 puts blocks of every size to every other rank with acp_copy.
 * Each put waits for the previous one to complete (acp_complete); rank 0 prints the mean
 * latency and bandwidth per size. The targets' buffers are registered memory whose GAs rank 0
 * reads from their starter memories; no communication buffer is involved anywhere.
 * Arguments: the largest size in bytes (default 65536) and the repetitions (default 10).
 * Run:  rankscope run examples/acp_one_put_all.c -n 4 -p ib-qdr -- 65536 10 */
#include <acp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

static double now_us(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec * 1e6 + tv.tv_usec;
}

int main(int argc, char **argv)
{
    acp_init(&argc, &argv);
    long max = argc > 1 ? atol(argv[1]) : 65536;
    int reps = argc > 2 ? atoi(argv[2]) : 10;
    int rank = acp_rank(), procs = acp_procs();
    char *buf = malloc(max);
    acp_atkey_t key = acp_register_memory(buf, max, 0);
    acp_ga_t *starter = acp_query_address(acp_query_starter_ga(rank));
    starter[0] = acp_query_ga(key, buf);
    acp_sync();

    if (rank == 0) {
        acp_ga_t *targets = malloc(procs * sizeof(acp_ga_t));
        acp_atkey_t tkey = acp_register_memory(targets, procs * sizeof(acp_ga_t), 0);
        for (int r = 1; r < procs; r++)
            acp_copy(acp_query_ga(tkey, &targets[r]), acp_query_starter_ga(r),
                     sizeof(acp_ga_t), ACP_HANDLE_NULL);
        acp_complete(ACP_HANDLE_ALL);
        acp_ga_t src = acp_query_ga(key, buf);
        printf("%10s %14s %14s\n", "bytes", "latency (us)", "MB/s");
        for (long size = 1; size <= max; size *= 2) {
            double t0 = now_us();
            for (int r = 1; r < procs; r++)
                for (int i = 0; i < reps; i++)
                    acp_complete(acp_copy(targets[r], src, size, ACP_HANDLE_NULL));
            double each = (now_us() - t0) / ((procs - 1) * reps);
            printf("%10ld %14.2f %14.1f\n", size, each, size / each);
        }
        acp_unregister_memory(tkey);
        free(targets);
    }
    acp_sync();
    acp_unregister_memory(key);
    free(buf);
    acp_finalize();
    return 0;
}
