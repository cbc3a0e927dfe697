/**
 * The server's own validation rules for forms (src/console/contract): a form refuses what the API
 * would refuse, in the same words, before the round trip. The only import from the server's tree.
 */
export { emailSchema, newPasswordSchema } from '../../../src/console/contract/account-rules';
