/* Ranks 1 and 2 each put their number into rank 0's word at the same moment; the one that
 * lands last stays. Ranks: 3 */
#include <acp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    static int word = 0;
    static acp_ga_t remote;
    static int mine;

    acp_init(&argc, &argv);
    int rank = acp_rank();
    acp_atkey_t key = acp_register_memory(&word, sizeof word, 0);
    acp_ga_t *starter = acp_query_address(acp_query_starter_ga(rank));
    starter[0] = acp_query_ga(key, &word);
    acp_atkey_t rkey = acp_register_memory(&remote, sizeof remote, 0);
    acp_atkey_t mkey = acp_register_memory(&mine, sizeof mine, 0);
    acp_sync();
    if (rank != 0) {
        acp_complete(acp_copy(acp_query_ga(rkey, &remote), acp_query_starter_ga(0),
                              sizeof remote, ACP_HANDLE_NULL));
        mine = rank * 10;
        acp_complete(acp_copy(remote, acp_query_ga(mkey, &mine), sizeof mine,
                              ACP_HANDLE_NULL));
    }
    acp_sync();
    if (rank == 0)
        printf("word = %d\n", word);
    acp_finalize();
    return 0;
}
