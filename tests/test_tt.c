/*
 * tests/test_tt.c: the solver's transposition table (solver/tt.h): exact verification of the
 * state, every packed field kept at its extremes, unknown entries against proofs, the
 * two-deep replacement, and the copies checkpoints make (tt_for_each, tt_restore).
 */
#include "core/board.h"
#include "solver/tt.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <glib.h>

/* A record that relies on nothing (free static-condition slots). */
static tt_record_t empty_record(void)
{
    tt_record_t rec;
    memset(&rec, 0, sizeof rec);
    memset(rec.cond, 0xff, sizeof rec.cond);
    return rec;
}

/* The table verifies the whole state and keeps what it is given. */
static void test_tt__verifies_state_and_never_false_hits(void **state)
{
    (void)state;
    tt_t *tt = tt_create(1u << 12);
    tt_state_t a = {{{0x5, 0x2}}, 0, 0, TT_NO_KO}, b = a;
    b.board.stones[1] = 0x8; /* same key given on purpose: must not be found */
    tt_record_t rec = empty_record();
    for (int i = 0; i < TT_SIG_WORDS; i++)
        rec.sig.bits[i] = (uint64_t)1 << (2 * i + 1);
    tt_store(tt, 77, &a, -13, TT_BOUND_LOWER, 3, &rec, 100);
    tt_hit_t hit;
    assert_true(tt_probe(&hit, tt, 77, &a));
    assert_int_equal(hit.value, -13);
    assert_int_equal(hit.bound, TT_BOUND_LOWER);
    assert_int_equal(hit.move, 3);
    assert_memory_equal(&hit.rec.sig, &rec.sig, sizeof rec.sig);
    assert_false(tt_probe(&hit, tt, 77, &b));
    tt_state_t c = a;
    c.to_move = 1;
    assert_false(tt_probe(&hit, tt, 77, &c));
    c = a;
    c.ko = 4;
    assert_false(tt_probe(&hit, tt, 77, &c));
    c = a;
    c.passes = 1;
    assert_false(tt_probe(&hit, tt, 77, &c));
    tt_destroy(tt);
}

/* Every field of an entry comes back as stored, at the ends of its range: values, bounds,
 * moves (points, pass, none), ko points, sides, passes, required positions and their sides
 * (and cycle requirements' counters at both ends),
 * static conditions, node counts up to 2^64 - 1; and a stored state differing in one verified
 * field from another is found apart from it. */
static void test_tt__every_field_round_trips_at_its_extremes(void **state)
{
    (void)state;
    static const int values[] = {-TT_VALUE_MAX, -1, 0, 1, TT_VALUE_MAX};
    static const tt_bound_t bounds[] = {TT_BOUND_LOWER, TT_BOUND_UPPER, TT_BOUND_EXACT};
    static const board_move_t moves[] = {0, BOARD_MAX_POINTS - 1, BOARD_MOVE_PASS, BOARD_MOVE_NONE};
    static const uint8_t kos[] = {0, BOARD_MAX_POINTS - 1, TT_NO_KO};
    static const uint64_t nodes[] = {0, 1, (uint64_t)1 << 40, UINT64_MAX};
    int checked = 0;
    for (size_t v = 0; v < sizeof values / sizeof *values; v++)
        for (size_t b = 0; b < sizeof bounds / sizeof *bounds; b++)
            for (size_t m = 0; m < sizeof moves / sizeof *moves; m++)
                for (size_t k = 0; k < sizeof kos / sizeof *kos; k++)
                    for (int side = 0; side < 2; side++)
                        for (int passes = 0; passes < 2; passes++)
                            for (int nreq = 0; nreq <= TT_REQS; nreq++) {
                                tt_t *tt = tt_create(1u << 12);
                                tt_state_t st = {{{UINT64_C(0x8000000000000001), 0x6}},
                                                 (uint8_t)side,
                                                 (uint8_t)passes,
                                                 kos[k]};
                                tt_record_t rec = empty_record();
                                rec.nreq = nreq;
                                for (int r = 0; r < nreq; r++) {
                                    rec.req[r].board.stones[0] = (uint64_t)0x10 << r;
                                    rec.req[r].board.stones[1] = ~(uint64_t)0x10 << r;
                                    rec.req[r].side = (uint8_t)((side + r + (int)v) % 3);
                                    /* A cycle requirement at each end of the counter's
                                     * range, or a superko requirement (counter 0). */
                                    int kind = (int)(v + m + (size_t)r) % 3;
                                    rec.req[r].cycle = kind > 0;
                                    rec.req[r].counter = kind == 1   ? TT_REQ_COUNTER_MIN
                                                         : kind == 2 ? TT_REQ_COUNTER_MAX
                                                                     : 0;
                                }
                                rec.cond[side][1] = (tt_cond_t){UINT64_C(1) << 63, 0x30};
                                rec.sig.bits[TT_SIG_WORDS - 1] = UINT64_MAX;
                                rec.sig.pairs[1] = UINT64_C(1) << 63;
                                uint64_t key = UINT64_C(0xFEDCBA9876543210) + checked;
                                tt_store(tt, key, &st, values[v], bounds[b], moves[m], &rec,
                                         nodes[checked % 4]);
                                tt_hit_t hit;
                                assert_true(tt_probe(&hit, tt, key, &st));
                                assert_int_equal(hit.value, values[v]);
                                assert_int_equal(hit.bound, bounds[b]);
                                assert_int_equal(hit.move, moves[m]);
                                assert_int_equal(hit.unknown_depth, -1);
                                assert_int_equal(hit.rec.nreq, nreq);
                                for (int r = 0; r < nreq; r++) {
                                    assert_true(
                                        board_equal(&hit.rec.req[r].board, &rec.req[r].board));
                                    assert_int_equal(hit.rec.req[r].side, rec.req[r].side);
                                    assert_int_equal(hit.rec.req[r].cycle, rec.req[r].cycle);
                                    assert_int_equal(hit.rec.req[r].counter, rec.req[r].counter);
                                }
                                assert_memory_equal(hit.rec.cond, rec.cond, sizeof rec.cond);
                                assert_memory_equal(&hit.rec.sig, &rec.sig, sizeof rec.sig);
                                /* Each verified field on its own tells the states apart. */
                                tt_state_t other = st;
                                other.to_move = (uint8_t)!side;
                                assert_false(tt_probe(&hit, tt, key, &other));
                                other = st;
                                other.passes = (uint8_t)!passes;
                                assert_false(tt_probe(&hit, tt, key, &other));
                                other = st;
                                other.ko = kos[(k + 1) % (sizeof kos / sizeof *kos)];
                                assert_false(tt_probe(&hit, tt, key, &other));
                                tt_destroy(tt);
                                checked++;
                            }
    assert_int_equal(checked, 5 * 3 * 4 * 3 * 2 * 2 * (TT_REQS + 1));
}

/* Unknown entries claim no bound, keep their estimate and their horizon (up to the largest the
 * field holds), never replace a proof of their state, and give way to one; the record (static
 * conditions included) travels with a proof; tt_has_key sees exactly the stored keys. */
static void test_tt__keeps_proofs_over_unknown_entries(void **state)
{
    (void)state;
    tt_t *tt = tt_create(1u << 12);
    tt_state_t a = {{{0x5, 0x2}}, 0, 0, TT_NO_KO};
    tt_record_t rec = empty_record();
    rec.cond[BOARD_BLACK][1] = (tt_cond_t){0x4, 0x30};
    rec.sig.bits[3] = 0x11;
    tt_hit_t hit;
    assert_false(tt_has_key(tt, 91));
    tt_store_unknown(tt, 91, &a, 7, -3, 12, 2, 50);
    assert_true(tt_has_key(tt, 91));
    assert_false(tt_has_key(tt, 91 + (1u << 20))); /* same bucket, another key */
    assert_true(tt_probe(&hit, tt, 91, &a));
    assert_false(tt_probe(&hit, tt, 91 + (1u << 20), &a)); /* the key is verified too */
    assert_int_equal(hit.unknown_depth, 12);
    assert_int_equal(hit.value, 7);
    assert_int_equal(hit.estimate, -3);
    assert_int_equal(hit.move, 2);
    tt_store_unknown(tt, 91, &a, 7, 5, 12, 2, 50);
    assert_true(tt_probe(&hit, tt, 91, &a));
    assert_int_equal(hit.estimate, 5);
    /* The horizon field: 0, its largest value, and a deeper one kept as the largest. */
    static const int depths[][2] = {{0, 0}, {65535, 65535}, {100000, 65535}};
    for (size_t i = 0; i < sizeof depths / sizeof *depths; i++) {
        tt_store_unknown(tt, 91, &a, -TT_VALUE_MAX, TT_VALUE_MAX, depths[i][0], BOARD_MOVE_NONE, 1);
        assert_true(tt_probe(&hit, tt, 91, &a));
        assert_int_equal(hit.unknown_depth, depths[i][1]);
        assert_int_equal(hit.value, -TT_VALUE_MAX);
        assert_int_equal(hit.estimate, TT_VALUE_MAX);
        assert_int_equal(hit.move, BOARD_MOVE_NONE);
    }
    tt_store(tt, 91, &a, 9, TT_BOUND_UPPER, 1, &rec, 10);
    assert_true(tt_probe(&hit, tt, 91, &a));
    assert_int_equal(hit.unknown_depth, -1);
    assert_int_equal(hit.value, 9);
    assert_int_equal(hit.bound, TT_BOUND_UPPER);
    assert_memory_equal(hit.rec.cond, rec.cond, sizeof rec.cond);
    assert_memory_equal(&hit.rec.sig, &rec.sig, sizeof rec.sig);
    tt_store_unknown(tt, 91, &a, 7, 7, 40, 2, 1000);
    assert_true(tt_probe(&hit, tt, 91, &a));
    assert_int_equal(hit.unknown_depth, -1); /* the proof stays */
    assert_int_equal(hit.value, 9);
    tt_destroy(tt);
}

/* Two-deep replacement (tt.h): the first slot keeps the result with the larger subtree, the
 * second takes the rest; a new result for a stored state replaces it in place. */
static void test_tt__first_slot_keeps_the_larger_subtree(void **state)
{
    (void)state;
    tt_t *tt = tt_create(1u << 12); /* 8 buckets: keys 8 apart share one */
    tt_record_t rec = empty_record();
    tt_state_t s[3];
    for (int i = 0; i < 3; i++)
        s[i] = (tt_state_t){{{(uint64_t)1 << i, 0}}, 0, 0, TT_NO_KO};
    tt_hit_t hit;
    tt_store(tt, 3, &s[0], 1, TT_BOUND_EXACT, 0, &rec, 1000);
    tt_store(tt, 3 + 8, &s[1], 2, TT_BOUND_EXACT, 1, &rec, 10);
    assert_true(tt_probe(&hit, tt, 3, &s[0]));
    assert_true(tt_probe(&hit, tt, 3 + 8, &s[1]));
    tt_store(tt, 3 + 16, &s[2], 3, TT_BOUND_EXACT, 2, &rec, 5); /* takes the second slot */
    assert_true(tt_probe(&hit, tt, 3, &s[0]));
    assert_false(tt_probe(&hit, tt, 3 + 8, &s[1]));
    assert_true(tt_probe(&hit, tt, 3 + 16, &s[2]));
    tt_store(tt, 3 + 16, &s[2], 4, TT_BOUND_LOWER, 2, &rec, 5000); /* promoted, first demoted */
    assert_true(tt_probe(&hit, tt, 3 + 16, &s[2]));
    assert_int_equal(hit.value, 4);
    assert_true(tt_probe(&hit, tt, 3, &s[0]));
    tt_store(tt, 3 + 8, &s[1], 5, TT_BOUND_EXACT, 1, &rec, 100000); /* the largest: first */
    assert_true(tt_probe(&hit, tt, 3 + 8, &s[1]));
    assert_true(tt_probe(&hit, tt, 3 + 16, &s[2]));
    assert_false(tt_probe(&hit, tt, 3, &s[0]));
    tt_destroy(tt);
}

typedef struct entries {
    tt_head_t heads[64];
    tt_body_t bodies[64];
    int n;
} entries_t;

static bool collect(const tt_head_t *head, const tt_body_t *body, void *data)
{
    entries_t *e = data;
    assert_true(e->n < 64);
    e->heads[e->n] = *head;
    e->bodies[e->n++] = *body;
    return true;
}

/* What tt_for_each gives, put back with tt_restore into an empty table of the same size, gives
 * the same entries in the same order; a head that is no entry is refused and changes nothing. */
static void test_tt__restore_puts_back_what_for_each_gave_and_refuses_bad_heads(void **state)
{
    (void)state;
    tt_t *tt = tt_create(1u << 12);
    tt_record_t rec = empty_record();
    rec.nreq = 2;
    rec.req[0] = (tt_req_t){{{0x3, 0x0}}, 2, 0, 0};
    rec.req[1] = (tt_req_t){{{0x0, 0x3}}, 1, 1, -5};
    for (int i = 0; i < 12; i++) {
        tt_state_t st = {{{(uint64_t)1 << i, (uint64_t)1 << (i + 20)}},
                         (uint8_t)(i & 1),
                         0,
                         i % 3 ? TT_NO_KO : (uint8_t)i};
        if (i % 4 == 3)
            tt_store_unknown(tt, (uint64_t)i * 5, &st, i, -i, i * 100, (board_move_t)i,
                             (uint64_t)i);
        else
            tt_store(tt, (uint64_t)i * 5, &st, -i, TT_BOUND_LOWER, BOARD_MOVE_PASS, &rec,
                     (uint64_t)1 << i);
    }
    entries_t *before = g_new0(entries_t, 1), *after = g_new0(entries_t, 1);
    assert_true(tt_for_each(tt, collect, before));
    assert_true(before->n > 8);
    tt_t *copy = tt_create(1u << 12);
    for (int i = 0; i < before->n; i++)
        assert_true(tt_restore(copy, &before->heads[i], &before->bodies[i]));
    assert_true(tt_for_each(copy, collect, after));
    assert_int_equal(after->n, before->n);
    assert_memory_equal(after->heads, before->heads, (size_t)before->n * sizeof(tt_head_t));
    assert_memory_equal(after->bodies, before->bodies, (size_t)before->n * sizeof(tt_body_t));

    /* Heads that are no entry: each breaks one field of a good one. */
    const tt_head_t good = before->heads[0];
    tt_head_t bad[3] = {good, good, good};
    bad[0].meta = 0;                        /* an empty slot */
    bad[1].white = bad[1].black = 0x1;      /* a point of both colours */
    bad[2].meta = good.meta | ~UINT64_C(0); /* every field at its largest: too many requirements */
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        entries_t *now = g_new0(entries_t, 1);
        assert_false(tt_restore(copy, &bad[i], &before->bodies[0]));
        assert_true(tt_for_each(copy, collect, now));
        assert_int_equal(now->n, before->n);
        assert_memory_equal(now->heads, before->heads, (size_t)before->n * sizeof(tt_head_t));
        g_free(now);
    }
    g_free(before);
    g_free(after);
    tt_destroy(copy);
    tt_destroy(tt);
}

/* for_each's count of entries. */
static bool count_one(const tt_head_t *head, const tt_body_t *body, void *data)
{
    (void)head;
    (void)body;
    ++*(int *)data;
    return true;
}

/* A table large enough to be mapped and populated chunk by chunk (tt.c, CHUNK_BUCKETS): what
 * is stored anywhere in it is found again, a probe of a chunk never written finds nothing,
 * for_each sees every entry and no other, and clearing empties it. */
static void test_tt__mapped_table_finds_what_was_stored_in_any_chunk(void **state)
{
    (void)state;
    size_t bytes = (size_t)32 << 20;
    tt_t *tt = tt_create(bytes);
    size_t buckets = tt_bytes(tt) / 512; /* a head line and two bodies per bucket */
    tt_record_t rec = empty_record();
    enum { STORED = 300 };
    uint64_t keys[STORED];
    for (int i = 0; i < STORED; i++) {
        /* Buckets spread over the whole table: first, last, and far apart. */
        keys[i] = i == 0 ? 0 : i == 1 ? buckets - 1 : (uint64_t)i * 7919 * 64 % buckets;
        keys[i] |= (uint64_t)(i + 1) << 40;
        tt_state_t st = {{{(uint64_t)i + 1, 0}}, 0, 0, TT_NO_KO};
        tt_store(tt, keys[i], &st, i, TT_BOUND_EXACT, 1, &rec, 10);
    }
    int found = 0;
    for (int i = 0; i < STORED; i++) {
        tt_state_t st = {{{(uint64_t)i + 1, 0}}, 0, 0, TT_NO_KO};
        tt_hit_t hit;
        if (tt_probe(&hit, tt, keys[i], &st) && hit.value == i)
            found++;
    }
    assert_int_equal(found, STORED);
    tt_state_t other = {{{0, 1}}, 0, 0, TT_NO_KO};
    tt_hit_t hit;
    assert_false(tt_probe(&hit, tt, 32 * 64 + 5, &other)); /* chunk 32: never written */
    assert_false(tt_has_key(tt, 32 * 64 + 5));
    int entries = 0;
    assert_true(tt_for_each(tt, count_one, &entries));
    assert_int_equal(entries, STORED);
    tt_clear(tt);
    entries = 0;
    assert_true(tt_for_each(tt, count_one, &entries));
    assert_int_equal(entries, 0);
    tt_state_t st0 = {{{1, 0}}, 0, 0, TT_NO_KO};
    assert_false(tt_probe(&hit, tt, keys[0], &st0));
    tt_store(tt, keys[0], &st0, 5, TT_BOUND_EXACT, 1, &rec, 10);
    assert_true(tt_probe(&hit, tt, keys[0], &st0));
    assert_int_equal(hit.value, 5);
    tt_destroy(tt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tt__verifies_state_and_never_false_hits),
        cmocka_unit_test(test_tt__every_field_round_trips_at_its_extremes),
        cmocka_unit_test(test_tt__keeps_proofs_over_unknown_entries),
        cmocka_unit_test(test_tt__first_slot_keeps_the_larger_subtree),
        cmocka_unit_test(test_tt__restore_puts_back_what_for_each_gave_and_refuses_bad_heads),
        cmocka_unit_test(test_tt__mapped_table_finds_what_was_stored_in_any_chunk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
