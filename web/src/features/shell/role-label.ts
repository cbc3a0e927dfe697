/** A role as the API names it (`billing_admin`), in words ("Billing admin"). Display only: never used to decide access. */
export function roleLabel(role: string | null): string {
  if (role === null) return 'Operator';
  const words = role.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
