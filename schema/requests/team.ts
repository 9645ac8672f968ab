// Team: invite and change a member's role (docs/auth-and-tenancy.md).
import * as v from "valibot";
import { ROLES } from "../constants/access";
import { email, MESSAGES, required, requiredName } from "./fields";

const role = required(v.picklist(ROLES, `Role must be one of ${ROLES.join(", ")}`));

export const teamInviteBody = v.object({
  name: requiredName,
  email: required(email(MESSAGES.registrationEmail)),
  role,
});

export const teamPatchBody = v.object({ role });
