-- Whether an uploaded PDF already holds digital signatures (documents §5: with the attached
-- signing trail such a PDF is refused). Null when it was not known at upload: a file that needs
-- its user password to be read, or one uploaded before this column (the check reads its bytes).
alter table rdss.documents add column signed boolean;
