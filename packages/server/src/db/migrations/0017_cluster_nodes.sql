CREATE TABLE "cluster_nodes" (
	"node_id" varchar(100) PRIMARY KEY NOT NULL,
	"address" varchar(300) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
