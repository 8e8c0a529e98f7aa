import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { columns, createdOnly, noTimestamps } from './shared.js';

/** A sign-in session: one refresh-token family. Revoking it ends every token of the family. */
export class AuthSession extends Model<InferAttributes<AuthSession>, InferCreationAttributes<AuthSession>> {
  declare id: CreationOptional<string>;
  declare user_id: string;
  declare user_agent: CreationOptional<string | null>;
  declare ip_address: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare revoked_at: CreationOptional<Date | null>;
  declare revoked_reason: CreationOptional<string | null>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof AuthSession {
    return AuthSession.init(
      {
        id: columns.id,
        user_id: { type: DataTypes.UUID, allowNull: false },
        user_agent: columns.optionalText,
        ip_address: columns.optionalText,
        created_at: columns.timestamp,
        revoked_at: columns.optionalTimestamp,
        revoked_reason: columns.optionalText,
      },
      { sequelize, tableName: 'auth_sessions', modelName: 'AuthSession', ...createdOnly },
    );
  }
}

/** A refresh token, stored as its SHA-256 hash; rotated on use (`used_at`, `replaced_by_id`). */
export class RefreshToken extends Model<
  InferAttributes<RefreshToken>,
  InferCreationAttributes<RefreshToken>
> {
  declare id: CreationOptional<string>;
  declare session_id: string;
  declare token_hash: string;
  declare expires_at: Date;
  declare used_at: CreationOptional<Date | null>;
  declare replaced_by_id: CreationOptional<string | null>;
  declare revoked_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof RefreshToken {
    return RefreshToken.init(
      {
        id: columns.id,
        session_id: { type: DataTypes.UUID, allowNull: false },
        token_hash: columns.text,
        expires_at: columns.timestamp,
        used_at: columns.optionalTimestamp,
        replaced_by_id: { type: DataTypes.UUID, allowNull: true },
        revoked_at: columns.optionalTimestamp,
        created_at: columns.timestamp,
      },
      { sequelize, tableName: 'refresh_tokens', modelName: 'RefreshToken', ...createdOnly },
    );
  }
}

/** A single-use, expiring token for resetting a password or accepting an invitation (hashed). */
export class PasswordToken extends Model<
  InferAttributes<PasswordToken>,
  InferCreationAttributes<PasswordToken>
> {
  declare id: CreationOptional<string>;
  declare user_id: string;
  declare purpose: 'reset' | 'invite';
  declare token_hash: string;
  declare expires_at: Date;
  declare used_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof PasswordToken {
    return PasswordToken.init(
      {
        id: columns.id,
        user_id: { type: DataTypes.UUID, allowNull: false },
        purpose: columns.text,
        token_hash: columns.text,
        expires_at: columns.timestamp,
        used_at: columns.optionalTimestamp,
        created_at: columns.timestamp,
      },
      { sequelize, tableName: 'password_tokens', modelName: 'PasswordToken', ...createdOnly },
    );
  }
}

/** Failed sign-in counter per key (`account:<email>` or `address:<ip>`). */
export class LoginThrottle extends Model<
  InferAttributes<LoginThrottle>,
  InferCreationAttributes<LoginThrottle>
> {
  declare key: string;
  declare failures: CreationOptional<number>;
  declare window_started_at: CreationOptional<Date>;
  declare locked_until: CreationOptional<Date | null>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof LoginThrottle {
    return LoginThrottle.init(
      {
        key: { type: DataTypes.TEXT, primaryKey: true },
        failures: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        window_started_at: { ...columns.timestamp, defaultValue: DataTypes.NOW },
        locked_until: columns.optionalTimestamp,
      },
      { sequelize, tableName: 'login_throttles', modelName: 'LoginThrottle', ...noTimestamps },
    );
  }
}
