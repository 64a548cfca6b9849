/* ACP's ordering with handles (paper 001 Fig. 3): a flag's copy waits for the block's.
 * Rank 0 writes a large block to rank 1, then a flag with order = the block's handle: the flag's copy does not start before the block's copy is
 * complete, so when rank 1 sees the flag, the block is there. acp_complete(h) waits for h and
 * for every access issued before it. Try ACP_HANDLE_NULL as the flag's order and compare when
 * the flag lands.
 * Run:  rankscope run examples/acp_order.c -n 2 -p ib-qdr */
#include <acp.h>
#include <stdio.h>
#include <unistd.h>

#define N 4096

int main(int argc, char **argv)
{
    static int block[N];
    int flag = 0;

    acp_init(&argc, &argv);
    int rank = acp_rank();
    acp_atkey_t bkey = acp_register_memory(block, sizeof block, 0);
    acp_atkey_t fkey = acp_register_memory(&flag, sizeof flag, 0);
    acp_ga_t *starter = acp_query_address(acp_query_starter_ga(rank));
    starter[0] = acp_query_ga(bkey, block);
    starter[1] = acp_query_ga(fkey, &flag);
    acp_sync();

    if (rank == 0) {
        acp_ga_t remote[2];
        acp_atkey_t rkey = acp_register_memory(remote, sizeof remote, 0);
        acp_complete(acp_copy(acp_query_ga(rkey, remote), acp_query_starter_ga(1),
                              sizeof remote, ACP_HANDLE_NULL));
        for (int i = 0; i < N; i++)
            block[i] = i + 1;
        flag = 1;
        acp_handle_t data = acp_copy(remote[0], acp_query_ga(bkey, block), sizeof block,
                                     ACP_HANDLE_NULL);
        acp_handle_t sent = acp_copy(remote[1], acp_query_ga(fkey, &flag), sizeof flag, data);
        acp_complete(sent);
        printf("rank 0: handles %ld and %ld complete\n", (long)data, (long)sent);
    } else if (rank == 1) {
        /* Poll the flag (a microsecond's pause between looks lets the simulated clock run);
         * it is written only after the block has landed. */
        while (flag == 0)
            usleep(1);
        long sum = 0;
        for (int i = 0; i < N; i++)
            sum += block[i];
        printf("rank 1 sees the flag; the block sums to %ld (expected %ld)\n", sum,
               (long)N * (N + 1) / 2);
    }
    acp_sync();
    acp_finalize();
    return 0;
}
