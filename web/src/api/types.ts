// Shapes the console reads from the discovery and token routes (idl/permission.thrift).
// i64 ids travel as strings in JSON.

export interface Workspace {
  id: string;
  name: string;
  role_type: string;
  workspace_type: string;
  description?: string;
}

export interface CurrentUser {
  user_id: string;
  user_name: string;
  nick_name: string;
}

export interface PersonalAccessToken {
  id: string;
  name: string;
  created_at: number;
  updated_at: number;
  last_used_at: number;
  expire_at: number;
}
