/* ACP's remote-to-remote copy (paper 001 Fig. 5): rank 0 copies rank 1's block to rank 2.
 * Neither end is rank 0's, so rank 0's communication thread writes a command into rank 1's
 * remote command receive buffer; rank 1's thread does the RDMA write to rank 2 and writes the
 * completion back to rank 0. Every rank first publishes its block's global address in its
 * starter memory, which all ranks can reach from acp_init on.
 * Run:  rankscope run examples/acp_remote_copy.c -n 3 -p ib-qdr */
#include <acp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    long block[4];
    acp_ga_t gas[3];

    acp_init(&argc, &argv);
    int rank = acp_rank();
    for (int i = 0; i < 4; i++)
        block[i] = rank * 100 + i;
    acp_atkey_t key = acp_register_memory(block, sizeof block, 0);

    /* My block's GA goes into my own starter memory. */
    acp_ga_t *starter = acp_query_address(acp_query_starter_ga(rank));
    starter[0] = acp_query_ga(key, block);
    acp_sync();

    if (rank == 0) {
        acp_atkey_t gkey = acp_register_memory(gas, sizeof gas, 0);
        /* Read ranks 1 and 2's GAs from their starter memories (two RDMA reads). */
        for (int r = 1; r < 3; r++)
            acp_copy(acp_query_ga(gkey, &gas[r]), acp_query_starter_ga(r), sizeof(acp_ga_t),
                     ACP_HANDLE_NULL);
        acp_complete(ACP_HANDLE_ALL);
        acp_handle_t h = acp_copy(gas[2], gas[1], sizeof block, ACP_HANDLE_NULL);
        printf("rank 0 issued the copy as handle %ld; still in flight: %d\n", (long)h,
               acp_inquire(h));
        acp_complete(h);
        printf("rank 0: handle %ld complete\n", (long)h);
    }
    acp_sync();
    if (rank == 2)
        printf("rank 2 now holds %ld %ld %ld %ld (rank 1's block)\n", block[0], block[1],
               block[2], block[3]);
    acp_finalize();
    return 0;
}
