/** Compile-time checks that a schema's type and a rule's type are one: `Assert<Same<A, B>>` fails to compile otherwise. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type Assert<T extends true> = T;
