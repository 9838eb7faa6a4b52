/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Static linking with trixie's libelf.a (elfutils 0.192): elf_begin.o and
 * elf_end.o reference eu_search_tree_init/_fini, which live in elfutils'
 * internal libeu, not shipped in libelf-dev. They initialise and free the
 * raw-chunk search tree of an Elf handle; that tree is only ever searched by
 * elf_getdata_rawchunk(), which libbpf does not call (no eu_tsearch is
 * referenced), and the handle is calloc'ed, so doing nothing is exact here.
 */
void eu_search_tree_init(void *tree);
void eu_search_tree_fini(void *tree, void (*free_node)(void *));
void eu_search_tree_init(void *tree) { (void)tree; }
void eu_search_tree_fini(void *tree, void (*free_node)(void *)) { (void)tree; (void)free_node; }
