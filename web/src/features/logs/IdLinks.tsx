// Session and user ids shown on a log link to their views (/sessions/:id, /users/:id).
import { Link } from "@tanstack/react-router";

const linkClass = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";

export function UserLink({ id, label = true }: { id: string; label?: boolean }) {
  return (
    <Link to="/users/$id" params={{ id }} className={linkClass} title={`User ${id}`}>
      {label ? "User: " : ""}
      {id}
    </Link>
  );
}

export function SessionLink({ id, label = true }: { id: string; label?: boolean }) {
  return (
    <Link to="/sessions/$id" params={{ id }} className={linkClass} title={`Session ${id}`}>
      {label ? "Session: " : ""}
      {id}
    </Link>
  );
}
