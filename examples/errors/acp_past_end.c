/* An acp_copy of 16 bytes out of an 8-byte registration (checked against the owner's table).
 * Run:  rankscope run examples/errors/acp_past_end.c -n 2 -p ib-qdr */
#include <acp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    long value = 42, copy[2];
    acp_init(&argc, &argv);
    acp_atkey_t key = acp_register_memory(&value, sizeof value, 0);
    acp_atkey_t ckey = acp_register_memory(copy, sizeof copy, 0);
    acp_handle_t h = acp_copy(acp_query_ga(ckey, copy), acp_query_ga(key, &value), sizeof copy,
                              ACP_HANDLE_NULL);
    acp_complete(h);
    acp_finalize();
    return 0;
}
