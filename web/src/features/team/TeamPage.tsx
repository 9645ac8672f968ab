// Team Management (docs/web.md#screens; docs/api.md makes it real): counts by role, members with status from real
// key activity, invitations with a one-time key, role changes, removal, and the Role Permissions card.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { PERMISSION_LABELS, ROLES, ROLE_DESCRIPTIONS, ROLE_PERMISSIONS, type Role } from "@promptsentry/schema/constants/access";
import { teamInviteBody } from "@promptsentry/schema/requests/team";
import { errorText } from "../../api/client";
import { changeRole, inviteMember, removeMember, teamKeys, teamQueryOptions, type TeamMember } from "../../api/team";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FieldError, FormActions, TextField, useFormFields } from "../../components/form";
import { LockIcon, PlusIcon, ShieldCheckIcon, TrashIcon, UsersIcon, CodeIcon, EyeIcon } from "../../components/icons";
import { Modal } from "../../components/Modal";
import { OneTimeSecret } from "../../components/OneTimeSecret";
import { Select } from "../../components/Select";
import { toast } from "../../components/toast";
import { Badge, Button, Card, ErrorState, PageHeading, Panel, PlaceholderRows, cx } from "../../components/ui";
import { initials } from "../../lib/format";
import { usePermissions } from "../../lib/permissions";
import { useNow } from "../../lib/useNow";
import { useConfirmDelete, useFormMutation } from "../manage/mutations";
import { countByRole, lastActiveText, roleLabel, statusDotClass } from "./team";

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: roleLabel(r) }));

const ROLE_BADGE: Record<string, string> = {
  admin: "bg-purple-100 text-purple-800 ring-purple-600/20 dark:bg-purple-500/15 dark:text-purple-300",
  engineer: "bg-sky-100 text-sky-800 ring-sky-600/20 dark:bg-sky-500/15 dark:text-sky-300",
  viewer: "bg-gray-100 text-gray-700 ring-gray-500/20 dark:bg-gray-500/15 dark:text-gray-300",
};

const COUNT_CARDS: { role: Role; label: string; icon: typeof UsersIcon; tone: string }[] = [
  {
    role: "admin",
    label: "Admins",
    icon: ShieldCheckIcon,
    tone: "bg-purple-100 text-purple-600 dark:bg-purple-500/15 dark:text-purple-300",
  },
  { role: "engineer", label: "Engineers", icon: CodeIcon, tone: "bg-sky-100 text-sky-600 dark:bg-sky-500/15 dark:text-sky-300" },
  { role: "viewer", label: "Viewers", icon: EyeIcon, tone: "bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300" },
];

function InviteForm({ onInvited, onCancel }: { onInvited: (r: { name: string; apiKey: string }) => void; onCancel: () => void }) {
  const [role, setRole] = useState<Role>("engineer");
  const {
    mutation: invite,
    errors,
    submit: send,
  } = useFormMutation({
    mutationFn: inviteMember,
    queryKeys: [teamKeys.all, ["api-keys"]],
    success: (r) => ({ title: "Member invited successfully", description: `${r.member.name} joined as ${roleLabel(r.member.role)}.` }),
    failure: "Failed to invite member",
    onDone: (r) => onInvited({ name: r.member.name, apiKey: r.apiKey }),
  });
  const { values, field } = useFormFields({ name: "", email: "" }, errors);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(teamInviteBody, { ...values, role }, (parsed) => parsed);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Name" autoComplete="off" placeholder="Ada Lovelace" {...field("name")} autoFocus />
      <TextField label="Email" type="email" autoComplete="off" placeholder="ada@example.com" {...field("email")} />
      <div>
        <Select label="Role" value={role} options={ROLE_OPTIONS} onChange={setRole} />
        <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">{ROLE_DESCRIPTIONS[role]}</p>
        <FieldError>{errors.role}</FieldError>
      </div>
      <p className="text-xs text-gray-500 dark:text-gray-400">
        The new member gets their own API key with the role's permissions. It is shown once, on the next screen, for you to hand over.
      </p>
      <FormActions onCancel={onCancel} pending={invite.isPending} label="Invite Member" pendingLabel="Inviting..." />
    </form>
  );
}

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [invited, setInvited] = useState<{ name: string; apiKey: string } | null>(null);
  const close = () => {
    onClose();
    setTimeout(() => setInvited(null), 300);
  };
  return (
    <Modal open={open} onClose={close} title={invited ? "Member invited" : "Invite Member"} size="lg">
      {invited ? (
        <OneTimeSecret
          title={`API key for ${invited.name}`}
          description="Give this key to the new member through a safe channel. It will not be shown again."
          value={invited.apiKey}
          onDismiss={close}
        />
      ) : (
        <InviteForm onInvited={setInvited} onCancel={close} />
      )}
    </Modal>
  );
}

function MemberRow({
  member,
  isSelf,
  canManage,
  now,
  onRemove,
}: {
  member: TeamMember;
  isSelf: boolean;
  canManage: boolean;
  now: number;
  onRemove: () => void;
}) {
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (role: Role) => changeRole(member.id, role),
    onSuccess: (m) => toast({ title: "Role updated successfully", description: `${m.name} is now ${roleLabel(m.role)}.` }),
    onError: (e) => toast({ title: "Failed to update role", description: errorText(e), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
  const statusText = member.status === "online" ? "Online" : member.status === "away" ? "Away" : "Offline";
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center" data-testid="member-row">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="relative shrink-0">
          <span
            className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
            aria-hidden="true"
          >
            {initials(member.name)}
          </span>
          <span
            className={cx(
              "absolute right-0 bottom-0 block h-3 w-3 rounded-full ring-2 ring-white dark:ring-gray-900",
              statusDotClass(member.status),
            )}
            title={statusText}
            data-status={member.status}
          />
          <span className="sr-only">{statusText}</span>
        </span>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p className="truncate text-sm font-medium text-gray-900 dark:text-white">{member.name}</p>
            <Badge className={ROLE_BADGE[member.role] ?? undefined}>{roleLabel(member.role)}</Badge>
            {isSelf ? (
              <Badge className="bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/15 dark:text-indigo-300">You</Badge>
            ) : null}
          </div>
          <p className="truncate text-sm text-gray-500 dark:text-gray-400">{member.email}</p>
          <p className="text-xs text-gray-500 dark:text-gray-400">
            Last active{" "}
            {member.lastActive ? <time dateTime={member.lastActive}>{lastActiveText(member.lastActive, now)}</time> : lastActiveText(null)}
          </p>
        </div>
      </div>
      {canManage ? (
        <div className="flex items-center gap-2">
          <div className="w-36">
            <Select
              label={`Role of ${member.name}`}
              hideLabel
              value={member.role as Role}
              options={ROLE_OPTIONS}
              onChange={(r) => r !== member.role && update.mutate(r)}
            />
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            disabled={isSelf}
            aria-label={`Remove ${member.name}`}
            title={isSelf ? "You cannot remove yourself" : "Remove member"}
          >
            <TrashIcon className="h-4 w-4 text-red-600 dark:text-red-400" />
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function RolePermissions() {
  return (
    <Panel title="Role Permissions" icon={<LockIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
      <ul role="list" className="grid gap-4 md:grid-cols-3">
        {ROLES.map((r) => (
          <li key={r} className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
            <Badge className={ROLE_BADGE[r]}>{roleLabel(r)}</Badge>
            <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{ROLE_DESCRIPTIONS[r]}</p>
            <ul className="mt-3 space-y-1 text-xs text-gray-500 dark:text-gray-400" aria-label={`${roleLabel(r)} permissions`}>
              {ROLE_PERMISSIONS[r].map((p) => (
                <li key={p} className="flex items-center gap-1.5">
                  <span className="h-1.5 w-1.5 rounded-full bg-indigo-500" aria-hidden="true" />
                  {PERMISSION_LABELS[p]}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function TeamPage() {
  const { isAdmin, can, organization } = usePermissions();
  const canRead = can("users:read");
  const q = useQuery({ ...teamQueryOptions(), enabled: canRead });
  const now = useNow(30_000);
  const [inviting, setInviting] = useState(false);
  const removing = useConfirmDelete<TeamMember>({
    deleteFn: removeMember,
    queryKeys: [teamKeys.all, ["api-keys"]],
    success: "Member removed successfully",
    failure: "Failed to remove member",
  });
  const counts = q.data ? countByRole(q.data) : null;
  const selfId = organization?.member?.id;

  return (
    <div className="space-y-6">
      <PageHeading title="Team Management" description="Invite people, give each a role, and see who is active." />

      <div className="grid gap-4 sm:grid-cols-3">
        {COUNT_CARDS.map(({ role, label, icon: Icon, tone }) => (
          <Card key={role} className="flex items-center gap-4 p-5" aria-label={label}>
            <span className={cx("flex h-11 w-11 items-center justify-center rounded-lg", tone)}>
              <Icon className="h-5 w-5" />
            </span>
            <div>
              <p className="text-sm text-gray-500 dark:text-gray-400">{label}</p>
              {counts || !canRead || q.isError ? (
                <p className="text-2xl font-semibold text-gray-900 dark:text-white" data-testid={`count-${role}`}>
                  {counts ? counts[role] : "—"}
                </p>
              ) : (
                <div className="mt-1 h-7 w-10 animate-pulse rounded bg-gray-200 dark:bg-gray-800" aria-hidden="true" />
              )}
            </div>
          </Card>
        ))}
      </div>

      <Panel
        title="Team Members"
        icon={<UsersIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}
        actions={
          isAdmin ? (
            <Button size="sm" onClick={() => setInviting(true)}>
              <PlusIcon className="h-4 w-4" />
              Invite Member
            </Button>
          ) : null
        }
      >
        {!canRead ? (
          <p className="py-6 text-center text-sm text-gray-500 dark:text-gray-400">Your key does not have the Read Users permission.</p>
        ) : q.isPending ? (
          <PlaceholderRows count={3} rowClassName="h-14" />
        ) : q.isError ? (
          <ErrorState title="Failed to fetch team members" error={q.error} onRetry={() => void q.refetch()} />
        ) : q.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-gray-500 dark:text-gray-400">No team members yet.</p>
        ) : (
          <ul role="list" aria-label="Team members" className="divide-y divide-gray-100 dark:divide-gray-800">
            {q.data.map((m) => (
              <MemberRow key={m.id} member={m} isSelf={m.id === selfId} canManage={isAdmin} now={now} onRemove={() => removing.ask(m)} />
            ))}
          </ul>
        )}
      </Panel>

      <RolePermissions />

      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog {...removing.dialog} title="Remove member" confirmLabel="Remove" pendingLabel="Removing...">
        Remove <strong className="text-gray-900 dark:text-white">{removing.shown?.name}</strong> ({removing.shown?.email}) from the team?
        Their API keys stop working immediately.
      </ConfirmDialog>
    </div>
  );
}
